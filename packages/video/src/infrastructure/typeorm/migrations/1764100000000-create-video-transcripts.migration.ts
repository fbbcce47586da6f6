import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class CreateVideoTranscripts1764100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_video_transcripts',
        columns: [
          { name: 'platform', type: 'varchar', length: '16', isPrimary: true },
          { name: 'platform_id', type: 'varchar', length: '128', isPrimary: true },
          { name: 'language', type: 'varchar', length: '35', isPrimary: true },
          { name: 'source', type: 'varchar', length: '16', isPrimary: true },
          { name: 'value', type: 'text' },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({ name: 'idx_quarry_video_transcripts_expires', columnNames: ['expires_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_video_transcripts');
  }
}
