package io.mink.indexer.interop;

import io.mink.testkit.orders.OrderLanguage;

/**
 * JSON written by Apicurio's JsonSchemaKafkaSerializer 3.x with the Confluent prefix, validated against
 * its JSON Schema.
 */
class ApicurioJsonSchemaIndexingIT extends ThirdPartySerdeIndexingSuite {
  @Override
  ThirdPartySerde startSerde() {
    return new ApicurioSerde(OrderLanguage.JSON);
  }
}
