import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { ISSUE_FIELDS } from './fields';

/**
 * GraphQL's updateIssue and createIssue inputs (Relay classic: one `input`). Their issue
 * fields come from the field registry: each field declares its input fields (GitLab's names
 * and types, fields/*.ts `graphql`) and the REST parameters they stand for, so a field a
 * mutation takes is parsed and applied exactly as its REST parameter.
 */
@InputType('UpdateIssueInput')
export class UpdateIssueInput {
  @Field(() => String, { nullable: true, description: 'A unique identifier for the client performing the mutation.' })
  clientMutationId?: string | null;
  @Field(() => ID, { description: 'Project the issue to mutate is in.' }) projectPath!: string;
  @Field({ description: 'IID of the issue to mutate.' }) iid!: string;
  @Field(() => Int, { nullable: true, description: 'Tandem: refuse the change if the issue moved past this version.' })
  lockVersion?: number | null;
  /** The registry's input fields (below). */
  [field: string]: unknown;
}

@InputType('CreateIssueInput')
export class CreateIssueInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Project full path the issue is associated with.' }) projectPath!: string;
  /** The registry's input fields (below); title among them. */
  [field: string]: unknown;
}

export type IssueMutation = 'update' | 'create';

const INPUT_CLASSES = { update: UpdateIssueInput, create: CreateIssueInput } as const;

// Each field's input fields, declared on the input class as @Field would
for (const mutation of ['update', 'create'] as const) {
  for (const field of ISSUE_FIELDS) {
    for (const f of field.graphql?.[mutation] ?? []) {
      Field(f.type, { nullable: f.nullable ?? false, ...(f.description ? { description: f.description } : {}) })(INPUT_CLASSES[mutation].prototype, f.name);
    }
  }
}

/**
 * The REST parameters a mutation's input stands for: each field turns the input fields it
 * declares that the client sent (null included) into its parameters, parsed by the caller as
 * REST's (issue.validation.ts). May throw a GraphQLError (labelIds with addLabelIds).
 */
export function paramsOfInput(mutation: IssueMutation, input: Record<string, unknown>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const field of ISSUE_FIELDS) {
    const names = (field.graphql?.[mutation] ?? []).map((f) => f.name);
    const sent = Object.fromEntries(names.filter((n) => Object.prototype.hasOwnProperty.call(input, n) && input[n] !== undefined).map((n) => [n, input[n]]));
    if (Object.keys(sent).length) Object.assign(raw, field.graphql!.toParams(sent, mutation));
  }
  return raw;
}
