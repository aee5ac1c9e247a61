package io.mink.indexer.interop;

import io.mink.testkit.orders.OrderLanguage;

/**
 * JSON written by AWS's GlueSchemaRegistryKafkaSerializer with the uncompressed Glue prefix, validated
 * against its JSON Schema.
 */
class GlueJsonSchemaIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return GlueSerde.uncompressed(OrderLanguage.JSON);
  }
}
