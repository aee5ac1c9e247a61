package io.mink.indexer.interop;

import io.mink.testkit.orders.OrderLanguage;

/**
 * Avro written by Apicurio's AvroKafkaSerializer 3.x with the Confluent prefix; the serializer registers
 * the nested record and the enum as schemas of their own, referenced by the order's.
 */
class ApicurioAvroIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return new ApicurioSerde(OrderLanguage.AVRO);
  }
}
