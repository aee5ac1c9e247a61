package io.mink.bench.registry;

import io.mink.testkit.orders.Order;

/** Writes an {@link Order} as one schema language's payload (no wire-format prefix), with that language's library. */
@FunctionalInterface
public interface PayloadWriter {
  byte[] write(Order order);
}
