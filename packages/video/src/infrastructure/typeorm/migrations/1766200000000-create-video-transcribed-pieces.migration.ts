import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** The pieces of a job's audio already transcribed, so that a retried job sends only the rest. */
export class CreateVideoTranscribedPieces1766200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_video_transcribed_pieces',
        columns: [
          { name: 'job_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'piece', type: 'varchar', length: '40', isPrimary: true },
          { name: 'transcript', type: 'text' },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'idx_quarry_video_transcribed_pieces_expires',
            columnNames: ['expires_at'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_video_transcribed_pieces');
  }
}
