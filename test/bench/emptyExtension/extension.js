// The window bench's baseline (see package.json): nothing to load, nothing to do.
exports.activate = function () {};
exports.deactivate = function () {};
