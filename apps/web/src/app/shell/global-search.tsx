import { Anchor, Box, TextInput } from '@mantine/core';
import { SEARCH_TEXT_MAX } from '@workhub/shared/constants';
import { Link, useLocation, useSearchParams } from 'react-router';
import target from '../../components/target-size.module.css';
import { useSearchBox } from '../../lib/search-box.ts';
import { useMay } from '../../lib/use-may.ts';

/**
 * The top bar's search box (spec section 2, where it was decorative): Enter opens /search?q= with
 * the workspace's projects and tasks whose name contains the text. Shown only in a workspace whose
 * projects the session may see; on the search page it holds the search being shown. On a phone,
 * where the bar has no room for it, a link to the search page (which has a box of its own).
 */
export const GlobalSearch = () => {
  const may = useMay();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // Another search opened (Back, Forward, a link): the box shows it; leaving the page clears it.
  const { value, setValue, submit } = useSearchBox(pathname === '/search' ? (params.get('q') ?? '') : '');
  if (!may('project:view')) return null;
  return (
    <>
      <Box visibleFrom="xs">
        <search aria-label="Workspace search">
          <form onSubmit={submit}>
            <TextInput
              aria-label="Search this workspace"
              placeholder="Search projects and tasks…"
              type="search"
              value={value}
              maxLength={SEARCH_TEXT_MAX}
              onChange={(event) => setValue(event.currentTarget.value)}
              w={{ base: 140, sm: 320 }}
            />
          </form>
        </search>
      </Box>
      <Anchor component={Link} to="/search" hiddenFrom="xs" size="sm" fw={600} className={target.link}>
        Search
      </Anchor>
    </>
  );
};
