import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** When each key last authenticated a request, to the minute (the dashboard's keys page shows it). */
export class AddApiKeyLastUsed1764930000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'quarry_api_keys',
      new TableColumn({ name: 'last_used_at', type: 'bigint', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('quarry_api_keys', 'last_used_at');
  }
}
