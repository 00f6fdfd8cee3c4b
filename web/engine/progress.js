// Runs inside the engine worker (PyScript "js_modules.worker"): PyScript imports it after the Python
// runtime has started and before micropip installs the engine, so it marks the "Installing engine…" stage.
new BroadcastChannel("engine-boot").postMessage({ stage: "installing" });

export default {};
