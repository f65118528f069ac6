import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/**
 * GitLab's typed global-id scalars for notes (`NoteableID`, `NoteID`, `DiscussionID`): GitLab's
 * clients declare their variables with these names, so the schema must have them. Values are
 * global-id strings; the resolvers check the type and id.
 */
function gidScalar(name: string, description: string): GraphQLScalarType {
  const parse = (v: unknown): string => {
    if (typeof v !== 'string' || !v.startsWith('gid://')) throw new GraphQLError(`${JSON.stringify(v)} is not a valid Global ID`);
    return v;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (v) => String(v),
    parseValue: parse,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError(`${name} must be a string`);
      return parse(ast.value);
    },
  });
}

export const NoteableIDScalar = gidScalar('NoteableID', 'A `NoteableID` is a global ID. It is encoded as a string. An example `NoteableID` is: `"gid://tandem/Issue/1"`.');
export const NoteIDScalar = gidScalar('NoteID', 'A `NoteID` is a global ID. It is encoded as a string. An example `NoteID` is: `"gid://tandem/Note/1"`.');
export const DiscussionIDScalar = gidScalar('DiscussionID', 'A `DiscussionID` is a global ID. It is encoded as a string. An example `DiscussionID` is: `"gid://tandem/Discussion/<40 hex>"`.');
