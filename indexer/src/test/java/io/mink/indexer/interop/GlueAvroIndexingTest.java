package io.mink.indexer.interop;

/** Avro written by AWS's GlueSchemaRegistryKafkaSerializer with the uncompressed Glue prefix. */
class GlueAvroIndexingTest extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return GlueSerde.uncompressed(new AvroOrders());
  }
}
