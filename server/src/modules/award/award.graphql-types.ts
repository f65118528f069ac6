import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { UserType } from '../user/user.graphql-types';

/** GitLab's `AwardEmoji`. */
@ObjectType('AwardEmoji')
export class AwardEmojiType {
  @Field({ description: 'Emoji name.' }) name!: string;
  @Field({ description: 'Emoji description.' }) description!: string;
  @Field({ description: 'Emoji as an icon.' }) emoji!: string;
  @Field({ description: 'Emoji in Unicode.' }) unicode!: string;
  @Field({ description: 'Unicode version for the emoji.' }) unicodeVersion!: string;
  @Field(() => UserType, { description: 'User who awarded the emoji.' }) user!: UserType;
}

@InputType('AwardEmojiToggleInput')
export class AwardEmojiToggleInput {
  @Field(() => String, { nullable: true }) clientMutationId?: string | null;
  @Field(() => ID, { description: 'Global ID of the awardable resource (AwardableID: an Issue, an Epic or a Note).' }) awardableId!: string;
  @Field({ description: 'Emoji name.' }) name!: string;
}

@InputType('AwardEmojiAddInput')
export class AwardEmojiAddInput extends AwardEmojiToggleInput {}

@InputType('AwardEmojiRemoveInput')
export class AwardEmojiRemoveInput extends AwardEmojiToggleInput {}

@ObjectType('AwardEmojiAddPayload')
export class AwardEmojiAddPayload {
  @Field(() => String, { nullable: true }) clientMutationId!: string | null;
  @Field(() => AwardEmojiType, { nullable: true, description: 'Emoji reactions after mutation.' }) awardEmoji!: AwardEmojiType | null;
  @Field(() => [String], { description: 'Errors encountered during execution of the mutation.' }) errors!: string[];
}

@ObjectType('AwardEmojiRemovePayload')
export class AwardEmojiRemovePayload extends AwardEmojiAddPayload {}

@ObjectType('AwardEmojiTogglePayload')
export class AwardEmojiTogglePayload extends AwardEmojiAddPayload {
  @Field({ description: 'Indicates the status of the emoji. True if the toggle awarded the emoji, and false if the toggle removed the emoji.' })
  toggledOn!: boolean;
}
