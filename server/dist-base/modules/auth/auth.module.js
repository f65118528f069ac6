"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuthModule = void 0;
const common_1 = require("@nestjs/common");
const realtime_core_module_1 = require("../../core/realtime/realtime-core.module");
const auth_controller_1 = require("./auth.controller");
const auth_middleware_1 = require("./auth.middleware");
const auth_service_1 = require("./auth.service");
const credential_resolver_1 = require("./credential-resolver");
/** Sign-in, tokens and the credential check HTTP requests and sockets share. */
let AuthModule = class AuthModule {
};
exports.AuthModule = AuthModule;
exports.AuthModule = AuthModule = __decorate([
    (0, common_1.Module)({
        // The bus: revoking a credential closes its sockets on every node
        imports: [realtime_core_module_1.RealtimeCoreModule],
        controllers: [auth_controller_1.AuthController],
        providers: [auth_service_1.AuthService, auth_middleware_1.AuthMiddleware, credential_resolver_1.CredentialResolver],
        exports: [auth_service_1.AuthService, auth_middleware_1.AuthMiddleware, credential_resolver_1.CredentialResolver],
    })
], AuthModule);
//# sourceMappingURL=auth.module.js.map