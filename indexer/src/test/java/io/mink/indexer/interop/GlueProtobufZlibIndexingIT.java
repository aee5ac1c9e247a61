package io.mink.indexer.interop;

import io.mink.testkit.orders.OrderLanguage;

/**
 * Protobuf written by AWS's GlueSchemaRegistryKafkaSerializer with ZLIB compression: the Glue prefix,
 * then the deflated message index and message.
 */
class GlueProtobufZlibIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return GlueSerde.zlib(OrderLanguage.PROTOBUF);
  }
}
