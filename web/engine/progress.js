// Runs inside the engine worker (PyScript "js_modules.worker"): PyScript imports it once the Python runtime has
// started, before the engine is set up and imported (with the frozen lock, Pyodide has already unpacked the wheel;
// in a build without it, micropip installs it next), so it marks the "Installing engine…" stage.
new BroadcastChannel("engine-boot").postMessage({ stage: "installing" });

export default {};
