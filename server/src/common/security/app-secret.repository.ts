import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppSecretEntity } from './app-secret.entity';

@Injectable()
export class AppSecretRepository {
  constructor(@InjectRepository(AppSecretEntity) private readonly secrets: Repository<AppSecretEntity>) {}

  /** Stores `candidate` unless the name already has a value; returns the value that won. */
  async getOrInsert(name: string, candidate: string): Promise<string> {
    await this.secrets.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      name,
      candidate,
    ]);
    const row = await this.secrets.findOneByOrFail({ name });
    return row.value;
  }
}
