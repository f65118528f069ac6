import { Field, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { lineRangeEnd, type ApiDiffPosition, type ApiLineRangeEnd } from '@tandem/shared-types';

/**
 * GitLab's diff note GraphQL types (types/notes/diff_position_type.rb, diff_position_input_type.rb,
 * diff_image_position_input_type.rb, mutations/notes/create/diff_note.rb and image_diff_note.rb):
 * text positions on lines, image positions on a point of an image.
 */
export enum DiffPositionTypeEnum {
  text = 'text',
  image = 'image',
}
registerEnumType(DiffPositionTypeEnum, { name: 'DiffPositionType', description: 'Type of file the position refers to' });

@ObjectType('DiffRefs')
export class DiffRefsType {
  @Field(() => String, { nullable: true }) baseSha!: string | null;
  @Field() headSha!: string;
  @Field() startSha!: string;
}

@ObjectType('LinePosition')
export class LinePositionType {
  @Field() lineCode!: string;
  @Field(() => String, { nullable: true }) type!: string | null;
  @Field(() => Int, { nullable: true }) oldLine!: number | null;
  @Field(() => Int, { nullable: true }) newLine!: number | null;
}

@ObjectType('LineRange')
export class LineRangeType {
  @Field(() => LinePositionType) start!: LinePositionType;
  @Field(() => LinePositionType) end!: LinePositionType;
}

@ObjectType('DiffPosition')
export class DiffPositionObject {
  @Field(() => DiffRefsType) diffRefs!: DiffRefsType;
  @Field() filePath!: string;
  @Field(() => String, { nullable: true }) oldPath!: string | null;
  @Field(() => String, { nullable: true }) newPath!: string | null;
  @Field(() => Int, { nullable: true }) oldLine!: number | null;
  @Field(() => Int, { nullable: true }) newLine!: number | null;
  @Field(() => DiffPositionTypeEnum) positionType!: DiffPositionTypeEnum;
  @Field(() => LineRangeType, { nullable: true }) lineRange!: LineRangeType | null;
  @Field(() => Int, { nullable: true, description: 'X position of the note (image positions).' }) x!: number | null;
  @Field(() => Int, { nullable: true, description: 'Y position of the note (image positions).' }) y!: number | null;
  @Field(() => Int, { nullable: true, description: 'Total width of the image (image positions).' }) width!: number | null;
  @Field(() => Int, { nullable: true, description: 'Total height of the image (image positions).' }) height!: number | null;
}

export function toDiffPositionObject(p: ApiDiffPosition): DiffPositionObject {
  const side = (s: ApiLineRangeEnd | { line_code: string; type: 'old' | 'new' | null }) => {
    const e = lineRangeEnd(s);
    return { lineCode: e.line_code, type: e.type, oldLine: e.old_line, newLine: e.new_line };
  };
  const common = { diffRefs: { baseSha: p.base_sha, headSha: p.head_sha, startSha: p.start_sha }, filePath: p.new_path, oldPath: p.old_path, newPath: p.new_path };
  if (p.position_type === 'image') return { ...common, oldLine: null, newLine: null, positionType: DiffPositionTypeEnum.image, lineRange: null, x: p.x, y: p.y, width: p.width, height: p.height };
  return {
    ...common,
    oldLine: p.old_line,
    newLine: p.new_line,
    positionType: DiffPositionTypeEnum.text,
    lineRange: p.line_range ? { start: side(p.line_range.start), end: side(p.line_range.end) } : null,
    x: null,
    y: null,
    width: null,
    height: null,
  };
}

@InputType('DiffPathsInput')
export class DiffPathsInput {
  @Field(() => String, { nullable: true }) oldPath?: string | null;
  @Field(() => String, { nullable: true }) newPath?: string | null;
}

@InputType('LinePositionInput')
export class LinePositionInput {
  @Field() lineCode!: string;
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => Int, { nullable: true }) oldLine?: number | null;
  @Field(() => Int, { nullable: true }) newLine?: number | null;
}

@InputType('LineRangeInput')
export class LineRangeInput {
  @Field(() => LinePositionInput) start!: LinePositionInput;
  @Field(() => LinePositionInput) end!: LinePositionInput;
}

@InputType('DiffPositionInput')
export class DiffPositionInput {
  @Field(() => String, { nullable: true }) baseSha?: string | null;
  @Field() headSha!: string;
  @Field() startSha!: string;
  @Field(() => DiffPathsInput) paths!: DiffPathsInput;
  @Field(() => Int, { nullable: true }) oldLine?: number | null;
  @Field(() => Int, { nullable: true }) newLine?: number | null;
  @Field(() => LineRangeInput, { nullable: true }) lineRange?: LineRangeInput | null;
}

/** The position as REST takes it, for the one check (the merge request's note target). */
export function restPositionOf(p: DiffPositionInput): Record<string, unknown> {
  const side = (s: LinePositionInput) => ({ line_code: s.lineCode, type: s.type ?? null, old_line: s.oldLine ?? undefined, new_line: s.newLine ?? undefined });
  return {
    position_type: 'text', base_sha: p.baseSha, start_sha: p.startSha, head_sha: p.headSha, old_path: p.paths.oldPath ?? p.paths.newPath, new_path: p.paths.newPath ?? p.paths.oldPath,
    old_line: p.oldLine ?? null, new_line: p.newLine ?? null, line_range: p.lineRange ? { start: side(p.lineRange.start), end: side(p.lineRange.end) } : null,
  };
}

/** GitLab's DiffImagePositionInput (createImageDiffNote): the diff's shas, the paths and the point on the image. */
@InputType('DiffImagePositionInput')
export class DiffImagePositionInput {
  @Field(() => String, { nullable: true }) baseSha?: string | null;
  @Field() headSha!: string;
  @Field() startSha!: string;
  @Field(() => DiffPathsInput) paths!: DiffPathsInput;
  @Field(() => Int, { description: 'X position of the note.' }) x!: number;
  @Field(() => Int, { description: 'Y position of the note.' }) y!: number;
  @Field(() => Int, { description: 'Total width of the image.' }) width!: number;
  @Field(() => Int, { description: 'Total height of the image.' }) height!: number;
}

/** The image position as REST takes it (GitLab's Notes::Create::ImageDiffNote sets position_type image). */
export function restImagePositionOf(p: DiffImagePositionInput): Record<string, unknown> {
  return {
    position_type: 'image', base_sha: p.baseSha, start_sha: p.startSha, head_sha: p.headSha, old_path: p.paths.oldPath ?? p.paths.newPath, new_path: p.paths.newPath ?? p.paths.oldPath,
    x: p.x, y: p.y, width: p.width, height: p.height,
  };
}
