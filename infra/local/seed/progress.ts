/**
 * A progress line on stderr: items written of the total, items per second and the time left. On a
 * terminal it redraws itself with `\r`; into a file or pipe it prints a line every few seconds instead.
 */
export interface Progress {
  add(count: number): void;
  /** Draws the final state and ends the line. */
  finish(): void;
}

const width = 28;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}

export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  const interactive = stream.isTTY === true;
  let done = 0;
  const line = () => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const share = total > 0 ? done / total : 1;
    const filled = Math.round(share * width);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    const eta = rate > 0 ? duration((total - done) / rate) : '?';
    return `[${bar}] ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} items  ${Math.round(rate).toLocaleString('en-US')}/s  ETA ${eta}`;
  };
  const draw = () => stream.write(interactive ? `\r${line()}` : `${line()}\n`);
  const timer = setInterval(draw, interactive ? 200 : 5000);
  timer.unref();
  return {
    add(count) {
      done += count;
    },
    finish() {
      clearInterval(timer);
      stream.write(interactive ? `\r${line()}\n` : `${line()}\n`);
    },
  };
}
