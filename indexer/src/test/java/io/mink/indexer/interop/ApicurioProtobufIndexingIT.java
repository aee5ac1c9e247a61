package io.mink.indexer.interop;

import io.mink.testkit.orders.OrderLanguage;

/**
 * Protobuf written by Apicurio's ProtobufKafkaSerializer 3.x with the Confluent prefix and message
 * indexes; the serializer registers google/protobuf/timestamp.proto as a referenced schema.
 */
class ApicurioProtobufIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return new ApicurioSerde(OrderLanguage.PROTOBUF);
  }
}
