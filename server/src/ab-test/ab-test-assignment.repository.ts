import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Like, Repository } from 'typeorm';
import { AbTestAssignmentEntity, AssignmentSource } from './ab-test-assignment.entity';

export interface Assignment {
  testName: string;
  subject: string;
  userId: string | null;
  variant: string;
  chosenBy: AssignmentSource;
  assignedAt: Date;
}

@Injectable()
export class AbTestAssignmentRepository {
  constructor(@InjectRepository(AbTestAssignmentEntity) private readonly assignments: Repository<AbTestAssignmentEntity>) {}

  async variantOf(testName: string, subject: string): Promise<string | undefined> {
    return (await this.assignments.findOneBy({ testName, subject }))?.variant;
  }

  /** Stores the assignment unless the subject has one already; answers the variant that is stored (first one wins). */
  async assignOnce(assignment: Assignment): Promise<string> {
    await this.assignments.createQueryBuilder().insert().values(assignment).orIgnore().execute();
    return (await this.variantOf(assignment.testName, assignment.subject)) ?? assignment.variant;
  }

  /** Stores the assignment, replacing the subject's earlier one. */
  async replace(assignment: Assignment): Promise<void> {
    await this.assignments.upsert(assignment, ['testName', 'subject']);
  }

  listOfUser(userId: string): Promise<AbTestAssignmentEntity[]> {
    return this.assignments.find({ where: { userId }, order: { assignedAt: 'DESC' } });
  }

  async deleteVisitorsAssignedBefore(before: Date): Promise<number> {
    const result = await this.assignments.delete({ subject: Like('visitor:%'), assignedAt: LessThan(before) });
    return result.affected ?? 0;
  }
}
