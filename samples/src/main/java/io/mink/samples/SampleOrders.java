package io.mink.samples;

import io.mink.testkit.TestHeader;
import io.mink.testkit.TestRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Sample order events: JSON values, customer keys, a trace header (repeated now and then). */
public final class SampleOrders {
  private static final String[] PRODUCTS = {"kettle", "teapot", "mug", "filter", "scale", "grinder"
  };

  private SampleOrders() {}

  public static List<TestRecord> generate(long seed, int count, long firstTimestampMillis) {
    Random random = new Random(seed);
    List<TestRecord> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String customer = "customer-" + random.nextInt(500);
      String value = String.format(
          "{\"order_id\":%d,\"customer\":\"%s\",\"product\":\"%s\",\"quantity\":%d,\"price_cents\":%d}",
          i,
          customer,
          PRODUCTS[random.nextInt(PRODUCTS.length)],
          1 + random.nextInt(5),
          199 + random.nextInt(9800));
      List<TestHeader> headers = new ArrayList<>();
      headers.add(new TestHeader(
          "trace", ("t-" + Long.toHexString(random.nextLong())).getBytes(StandardCharsets.UTF_8)));
      if (i % 10 == 0) {
        headers.add(new TestHeader(
            "trace",
            ("t-" + Long.toHexString(random.nextLong())).getBytes(StandardCharsets.UTF_8)));
      }
      records.add(new TestRecord(
          null,
          customer.getBytes(StandardCharsets.UTF_8),
          value.getBytes(StandardCharsets.UTF_8),
          headers,
          firstTimestampMillis + i));
    }
    return records;
  }
}
