// The boot's failure, shared by the boot script (boot.js, which reports it) and the page that starts after it
// (ui/engine-status.js, which waits on it), so neither imports the other.
//
//   bootFailure           Promise<string>: resolves with the error's text if the boot fails (never otherwise)
//   reportBootFailure(m)  resolve it (the first report wins)

let report;

/** Resolves with the error's text if the boot fails; never resolves otherwise. */
export const bootFailure = new Promise((resolve) => { report = resolve; });

/** Settle bootFailure with this error's text (later reports change nothing). */
export function reportBootFailure(message) {
  report(message);
}
