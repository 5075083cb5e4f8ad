/**
 * A student as the fee lists and the statement name them, 'Amani Kamau (S-1003)': the name may
 * wrap at its spaces, the admission number stays in one piece. As one plain string a narrow column
 * broke it after its hyphen ('(S-' / '1003)').
 */
export const StudentWithNumber = ({ name, admissionNo }: { name: string; admissionNo: string }) => (
  <>
    {name} <span style={{ whiteSpace: 'nowrap' }}>({admissionNo})</span>
  </>
);
