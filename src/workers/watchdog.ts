// Fires when nothing has been heard for `ms`: each sign of life (kick) starts the wait again.
export class Watchdog {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(
    private readonly ms: number,
    private readonly onSilence: () => void,
  ) {
    this.kick();
  }

  kick(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#stopped = true;
      this.onSilence();
    }, this.ms);
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }
}
