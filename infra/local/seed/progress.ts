/**
 * A progress line on stderr: items done of the total, items per second and the time left. On a terminal
 * it redraws itself with `\r`; into a file or pipe it prints a line every few seconds instead.
 *
 * A display only: it never throws at its caller or from its timer, whatever it is told. A total may be
 * unknown (no bar, a count), zero, or passed by the work (the total grows to what was done); counts that
 * are not finite and positive are ignored. A stream that fails to write switches the display off.
 */
export interface Progress {
  add(count: number): void;
  /** The total, learnt late or corrected (the work turned out larger). */
  setTotal(total: number): void;
  /** Draws the final state and ends the line. */
  finish(): void;
}

export interface ProgressState {
  done: number;
  /** Undefined: not known (yet). */
  total: number | undefined;
  seconds: number;
}

const width = 28;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}

const amount = (value: number) => value.toLocaleString('en-US');

/** The line for a state: total ≥ done shown as a bar; with no total, the count alone. */
export function progressLine({ done, total, seconds }: ProgressState): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const speed = `${amount(Math.round(rate))}/s`;
  if (total === undefined) return `${amount(done)} items  ${speed}`;
  const shown = Math.max(total, done);
  const share = shown > 0 ? done / shown : 1;
  const filled = Math.min(width, Math.max(0, Math.round(share * width)));
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  const eta = rate > 0 ? duration((shown - done) / rate) : '?';
  return `[${bar}] ${amount(done)} / ${amount(shown)} items  ${speed}  ETA ${eta}`;
}

const usable = (value: number) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

export function progressBar(total?: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  const interactive = stream.isTTY === true;
  const state: ProgressState = {
    done: 0,
    total: total !== undefined && usable(total) ? total : undefined,
    seconds: 0,
  };
  let working = true;
  const draw = (final: boolean) => {
    if (!working) return;
    try {
      state.seconds = (Date.now() - started) / 1000;
      const line = progressLine(state);
      stream.write(interactive ? `\r${line}${final ? '\n' : ''}` : `${line}\n`);
    } catch {
      // A display that cannot write (a closed pipe) goes quiet; the work goes on.
      working = false;
      clearInterval(timer);
    }
  };
  const timer = setInterval(() => draw(false), interactive ? 200 : 5000);
  timer.unref();
  return {
    add(count) {
      if (usable(count)) state.done += count;
    },
    setTotal(next) {
      if (usable(next)) state.total = next;
    },
    finish() {
      clearInterval(timer);
      draw(true);
      working = false;
    },
  };
}
