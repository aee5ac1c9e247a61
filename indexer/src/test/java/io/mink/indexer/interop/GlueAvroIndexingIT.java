package io.mink.indexer.interop;

import io.mink.testkit.orders.OrderLanguage;

/** Avro written by AWS's GlueSchemaRegistryKafkaSerializer with the uncompressed Glue prefix. */
class GlueAvroIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return GlueSerde.uncompressed(OrderLanguage.AVRO);
  }
}
