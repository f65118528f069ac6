"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DiscussionIDScalar = exports.NoteIDScalar = exports.NoteableIDScalar = void 0;
const graphql_1 = require("graphql");
/**
 * GitLab's typed global-id scalars for notes (`NoteableID`, `NoteID`, `DiscussionID`): GitLab's
 * clients declare their variables with these names, so the schema must have them. Values are
 * global-id strings; the resolvers check the type and id.
 */
function gidScalar(name, description) {
    const parse = (v) => {
        if (typeof v !== 'string' || !v.startsWith('gid://'))
            throw new graphql_1.GraphQLError(`${JSON.stringify(v)} is not a valid Global ID`);
        return v;
    };
    return new graphql_1.GraphQLScalarType({
        name,
        description,
        serialize: (v) => String(v),
        parseValue: parse,
        parseLiteral: (ast) => {
            if (ast.kind !== graphql_1.Kind.STRING)
                throw new graphql_1.GraphQLError(`${name} must be a string`);
            return parse(ast.value);
        },
    });
}
exports.NoteableIDScalar = gidScalar('NoteableID', 'A `NoteableID` is a global ID. It is encoded as a string. An example `NoteableID` is: `"gid://tandem/Issue/1"`.');
exports.NoteIDScalar = gidScalar('NoteID', 'A `NoteID` is a global ID. It is encoded as a string. An example `NoteID` is: `"gid://tandem/Note/1"`.');
exports.DiscussionIDScalar = gidScalar('DiscussionID', 'A `DiscussionID` is a global ID. It is encoded as a string. An example `DiscussionID` is: `"gid://tandem/Discussion/<40 hex>"`.');
//# sourceMappingURL=note-gid.scalars.js.map