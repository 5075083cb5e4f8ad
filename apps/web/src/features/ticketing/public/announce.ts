/**
 * The board's announcement of a call: a two-tone chime (WebAudio) and the number and counter
 * spoken (speechSynthesis). Each is skipped where the browser has none, or refuses to play before
 * the page was touched (autoplay rules): the board still shows the call.
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  const Ctor: AudioContextClass | undefined =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context ??= new Ctor();
    return context;
  } catch {
    return null;
  }
}

/** Lets sound play later: browsers allow audio once the page has been touched (the board's button). */
export function unlockSound(): void {
  void audio()
    ?.resume()
    .catch(() => {});
}

export function chime(): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    const start = ctx.currentTime;
    [880, 660].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.35);
      gain.gain.exponentialRampToValueAtTime(0.3, start + i * 0.35 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.35 + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * 0.35);
      osc.stop(start + i * 0.35 + 0.32);
    });
  } catch {
    // No sound: the board still shows the call.
  }
}

/** "A-012" → "A 0 1 2": each character spoken, the way a ticket is read out. */
export const spokenNumber = (number: string) =>
  number.replace('-', ' ').split('').join(' ').replace(/\s+/g, ' ');

export function speak(number: string, counter: string): void {
  const synth = globalThis.speechSynthesis;
  const Utterance = globalThis.SpeechSynthesisUtterance;
  if (!synth || !Utterance) return;
  try {
    synth.speak(new Utterance(`Ticket ${spokenNumber(number)}, please go to ${counter}`));
  } catch {
    // No voice: the board still shows the call.
  }
}

export type CounterCall = { counter: string; number: string; calledAt: string | null };

type HeldTicket = { number: string; status: string; called_at: string | null; recall_count: number };

/**
 * The calls to announce between two boards: a counter whose ticket changed, or was called again
 * (a new called_at, or a recall: its recall_count went up, while called_at stays the first call's),
 * while the ticket is called. The first board announces nothing.
 */
export function newCalls(
  before: readonly { name: string; ticket: HeldTicket | null }[] | null,
  after: readonly { name: string; ticket: HeldTicket | null }[],
): CounterCall[] {
  if (!before) return [];
  return after.flatMap((counter) => {
    const ticket = counter.ticket;
    if (ticket?.status !== 'called') return [];
    const was = before.find((c) => c.name === counter.name)?.ticket;
    if (
      was &&
      was.number === ticket.number &&
      was.called_at === ticket.called_at &&
      was.recall_count === ticket.recall_count
    ) {
      return [];
    }
    return [{ counter: counter.name, number: ticket.number, calledAt: ticket.called_at }];
  });
}
