import { ApiProperty } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { MaxIds } from './limits';
import { MAX_ID } from './ids';

/** `{ids: [int]}` of the bulk endpoints: 1 to MAX_BULK_IDS (200) positive integers. */
export class IdsBodyDto {
  @ApiProperty({ type: [Number], example: [1, 2, 3] })
  @IsArray({ message: 'must be an array of ids' })
  @ArrayMinSize(1, { message: 'must hold at least one id' })
  @MaxIds()
  @IsInt({ each: true, message: 'must hold positive integers' })
  @Min(1, { each: true, message: 'must hold positive integers' })
  @Max(MAX_ID, { each: true, message: 'must hold positive integers' })
  ids: number[];
}
