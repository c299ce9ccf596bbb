/** Page-level side effects behind one object, so tests can replace them with `vi.spyOn(page, 'reload')`. */
export const page = {
  /** Reloads the page: the spec's way to enter or leave a session. */
  reload(): void {
    window.location.reload()
  },
}
