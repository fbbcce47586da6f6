import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** How a job's signed callback is getting on, as every job status route answers it. */
export class CallbackDeliveryDto {
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status!: string;

  @ApiProperty({ type: 'integer', description: 'Delivery attempts made so far.' })
  attempts!: number;

  @ApiPropertyOptional({ type: 'integer', description: "The receiver's HTTP status on the last attempt." })
  lastStatusCode?: number;

  @ApiPropertyOptional({ description: 'Why the last attempt failed.' })
  lastError?: string;
}
