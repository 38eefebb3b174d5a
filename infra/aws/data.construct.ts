import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@portal/shared/db/table';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * The single DynamoDB table, built from the shared TABLE_DEFINITION so AWS and DynamoDB Local
 * (infra/local) always have the same keys and indexes.
 */
export class DataConstruct extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new TableV2(this, 'Table', {
      partitionKey: stringKey(TABLE_DEFINITION.partitionKey),
      sortKey: stringKey(TABLE_DEFINITION.sortKey),
      globalSecondaryIndexes: TABLE_DEFINITION.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
      })),
      timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // AWS-managed KMS key: encryption at rest with key usage in CloudTrail, no key to administer.
      encryption: TableEncryptionV2.awsManagedKey(),
      // Tenant data must survive a stack deletion or a replacement by mistake.
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
  }
}
