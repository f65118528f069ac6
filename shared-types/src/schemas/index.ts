export * from './fields';
export * from './sign-in.schema';
export * from './personal-access-token.schema';
export * from './issue-template.schema';
export * from './abuse-report.schema';
