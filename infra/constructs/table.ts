/** The single table, built from shared/db/table-definition.ts so CDK and DynamoDB Local never drift. */
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition } from '../../shared/db/table-definition';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

export class CommerceTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      stream: StreamViewType[tableDefinition.stream],
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      // Orders, payments and stock ledgers outlive any stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalIndexes) {
      const { projection } = index;
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        // A deployed index's projection cannot change in place: docs/operations.md, Migrations.
        projectionType: ProjectionType[projection.type],
        ...(projection.type === 'INCLUDE' ? { nonKeyAttributes: [...projection.attributes] } : {}),
      });
    }
  }
}
