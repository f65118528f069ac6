"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.throttleRuleEnv = void 0;
const zod_1 = require("zod");
/** `count/seconds` from the environment, e.g. `10/600`; `0` turns the limit off. */
const throttleRuleEnv = (fallback) => zod_1.z
    .string()
    .regex(/^(0|\d{1,9}\/\d{1,7})$/, 'must be COUNT/SECONDS (e.g. 10/600) or 0 to disable')
    .default(fallback)
    .transform((v) => {
    const [limit, seconds] = v.split('/').map(Number);
    return { limit: limit ?? 0, periodMs: (seconds ?? 0) * 1000 };
});
exports.throttleRuleEnv = throttleRuleEnv;
//# sourceMappingURL=throttle-rule.js.map