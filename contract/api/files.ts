/** Issue 9: being written. */
export {}
