package io.mink.samples.produce;

import java.util.List;

/** Writes sample orders to Kafka in one schema language and one wire format. */
public interface OrderProducer extends AutoCloseable {

  /**
   * Sends the orders in order, all to {@code partition}, or by key when it is null, and returns once Kafka has
   * acknowledged every one.
   */
  void send(String topic, Integer partition, List<SampleOrder> orders);

  @Override
  void close();
}
