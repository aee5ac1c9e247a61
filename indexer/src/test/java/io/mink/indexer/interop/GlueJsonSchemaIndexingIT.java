package io.mink.indexer.interop;

/**
 * JSON written by AWS's GlueSchemaRegistryKafkaSerializer with the uncompressed Glue prefix, validated
 * against its JSON Schema.
 */
class GlueJsonSchemaIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return GlueSerde.uncompressed(new JsonSchemaOrders());
  }
}
