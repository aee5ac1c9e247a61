package io.mink.indexer.interop;

/** Avro written by AWS's GlueSchemaRegistryKafkaSerializer with the uncompressed Glue prefix. */
class GlueAvroIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return GlueSerde.uncompressed(new AvroOrders());
  }
}
