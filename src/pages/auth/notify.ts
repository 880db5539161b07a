// The spec's "alert" messages (document 1 §8). One function, so every screen alerts the same way.
export function notify(message: string): void {
  window.alert(message);
}
