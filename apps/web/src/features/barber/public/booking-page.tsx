import {
  Alert,
  Button,
  Checkbox,
  Container,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  BARBER_MESSAGES,
  type PublicAppointment,
  type PublicBookingPage,
  publicAppointmentBody,
} from '@workhub/shared/schemas/barber';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { priced } from '../../../lib/currency.ts';
import { issueFields } from '../../../lib/form-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { money } from '../barber-format.ts';
import { wrapLongName } from '../components/long-names.ts';
import { bookAppointment, todayIn, useBookingPage, whenIn } from './booking-api.ts';
import { PageProblem } from './page-problem.tsx';
import { SlotPicker } from './slot-picker.tsx';

const ANYONE = 'anyone';
/** The details the form shows; the schema's messages for any other field go in the alert. */
const DETAILS = ['name', 'phone', 'email'];

const Booking = ({ slug, shop }: { slug: string; shop: PublicBookingPage }) => {
  useDocumentTitle(`Book at ${shop.name}`);
  const queryClient = useQueryClient();
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [staff, setStaff] = useState<string>(ANYONE);
  const [date, setDate] = useState(todayIn(shop.timezone));
  const [startAt, setStartAt] = useState<string | null>(null);
  const [contact, setContact] = useState({ name: '', phone: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<PublicAppointment | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const detailsForm = useRef<HTMLFormElement>(null);
  const bookedHeading = useRef<HTMLHeadingElement>(null);
  const timesHeading = useRef<HTMLParagraphElement>(null);
  // The form the keyboard was in is gone: the confirmation takes the focus, and is read out.
  useEffect(() => {
    if (done) bookedHeading.current?.focus();
  }, [done]);

  // Only those who perform every service chosen.
  const able = useMemo(
    () => shop.staff.filter((s) => serviceIds.every((id) => s.service_ids.includes(id))),
    [shop.staff, serviceIds],
  );
  const staffId = staff === ANYONE || !able.some((s) => s.id === staff) ? null : staff;
  const total = shop.services.filter((s) => serviceIds.includes(s.id));
  const minutes = total.reduce((sum, s) => sum + s.duration_minutes, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!startAt) return;
    const body = { ...contact, service_ids: serviceIds, staff_id: staffId, start_at: startAt };
    // The API's own rules first: each detail's problem under it, nothing sent; the first to fix
    // takes the focus.
    const parsed = publicAppointmentBody.safeParse(body);
    if (!parsed.success) {
      const fields = issueFields(parsed.error);
      const other = Object.entries(fields).filter(([field]) => !DETAILS.includes(field));
      flushSync(() => {
        setErrors(fields);
        setFailure(other.length > 0 ? other.map(([, message]) => message).join(' ') : null);
      });
      detailsForm.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    setErrors({});
    try {
      const answer = await bookAppointment(slug, body);
      setDone(answer.data);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setFailure(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) {
        // The details form (and its Book button, which had the focus) goes until another time is
        // chosen: the focus goes back to the day and time, where that is done; the alert is read out.
        flushSync(() => setStartAt(null));
        timesHeading.current?.focus();
        await queryClient.invalidateQueries({ queryKey: ['booking', slug, 'slots'] });
      }
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <Stack>
        <Title order={1} fz="h2" ref={bookedHeading} tabIndex={-1} style={{ outline: 'none' }}>
          You are booked
        </Title>
        <Alert color="green" title={whenIn(done.start_at, shop.timezone)}>
          {done.services.join(' + ')} with {done.staff_name} at {shop.name}.{' '}
          {BARBER_MESSAGES.timesIn(shop.timezone)}. A confirmation is on its way to {contact.email}, with a
          link to cancel or reschedule.
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {shop.name}
        </Title>
        <Text c="dimmed">Book an appointment</Text>
        <Text size="sm" c="dimmed">
          {BARBER_MESSAGES.timesIn(shop.timezone)}
        </Text>
      </div>
      {shop.services.length === 0 ? (
        <Text>This shop takes no online bookings yet.</Text>
      ) : (
        <>
          <Checkbox.Group
            label="1. Services"
            description="One or more, done in a row"
            value={serviceIds}
            onChange={(ids) => {
              setServiceIds(shop.services.filter((s) => ids.includes(s.id)).map((s) => s.id));
              setStartAt(null);
            }}
          >
            <Stack gap={6} mt="xs">
              {shop.services.map((s) => (
                <Checkbox
                  key={s.id}
                  value={s.id}
                  label={`${s.name} · ${s.duration_minutes} min · ${priced(money(s.price), shop.currency)}`}
                  styles={wrapLongName}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {serviceIds.length > 0 && able.length === 0 ? (
            // No free time would ever be found: say why, rather than send the customer from day to day.
            <Text size="sm">
              Nobody here does all of these services in one visit: choose fewer of them, or book them
              separately.
            </Text>
          ) : serviceIds.length > 0 ? (
            <>
              <Radio.Group
                label="2. With"
                value={staffId ?? ANYONE}
                onChange={(value) => {
                  setStaff(value);
                  setStartAt(null);
                }}
              >
                <Stack gap={6} mt="xs">
                  <Radio value={ANYONE} label="Anyone available" />
                  {able.map((s) => (
                    <Radio key={s.id} value={s.id} label={s.name} styles={wrapLongName} />
                  ))}
                </Stack>
              </Radio.Group>
              <Stack gap="xs">
                <Text fw={500} size="sm" ref={timesHeading} tabIndex={-1} style={{ outline: 'none' }}>
                  3. Day and time ({minutes} min)
                </Text>
                <SlotPicker
                  slug={slug}
                  timezone={shop.timezone}
                  serviceIds={serviceIds}
                  staffId={staffId}
                  date={date}
                  onDate={(value) => {
                    setDate(value);
                    setStartAt(null);
                  }}
                  chosen={startAt}
                  onChoose={setStartAt}
                  onGoOn={(value) => {
                    // The details form shows once a time is chosen: render it, then go to its first field.
                    flushSync(() => setStartAt(value));
                    nameInput.current?.focus();
                  }}
                />
              </Stack>
            </>
          ) : null}
          {startAt ? (
            <form ref={detailsForm} onSubmit={submit} noValidate>
              <Stack gap="xs">
                <Text fw={500} size="sm">
                  4. Your details for {whenIn(startAt, shop.timezone)}
                </Text>
                <TextInput
                  ref={nameInput}
                  label="Name"
                  required
                  value={contact.name}
                  error={errors.name}
                  onChange={(e) => setContact({ ...contact, name: e.currentTarget.value })}
                />
                <TextInput
                  label="Phone"
                  type="tel"
                  required
                  value={contact.phone}
                  error={errors.phone}
                  onChange={(e) => setContact({ ...contact, phone: e.currentTarget.value })}
                />
                <TextInput
                  label="E-mail"
                  type="email"
                  required
                  value={contact.email}
                  error={errors.email}
                  onChange={(e) => setContact({ ...contact, email: e.currentTarget.value })}
                />
                <Button type="submit" loading={sending}>
                  Book
                </Button>
              </Stack>
            </form>
          ) : null}
          {failure ? (
            <Alert color="red" title="Not booked">
              {failure}
            </Alert>
          ) : null}
        </>
      )}
    </Stack>
  );
};

const BookingLoader = () => {
  const { slug = '' } = useParams();
  const shop = useBookingPage(slug);
  if (shop.isPending) return <Loader aria-label="Loading" />;
  if (shop.isError) {
    const missing = shop.error instanceof ApiError && shop.error.status === 404;
    return (
      <PageProblem
        missing={missing}
        title={missing ? 'No such booking page' : 'The page could not be loaded'}
      >
        {missing ? 'Check the address: this shop takes no bookings here.' : errorMessage(shop.error)}
      </PageProblem>
    );
  }
  return <Booking slug={slug} shop={shop.data} />;
};

/** /book/:slug: a shop's public booking page (no sign-in). */
export const BookingPage = () => (
  <QueryProvider>
    <Container component="main" size="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <BookingLoader />
      </Paper>
    </Container>
  </QueryProvider>
);
