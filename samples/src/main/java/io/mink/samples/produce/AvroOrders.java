package io.mink.samples.produce;

import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** Orders as Avro GenericRecords of {@code schemas/order.avsc}, keyed by {@code schemas/order-key.avsc}. */
public final class AvroOrders implements OrderObjects {
  public static final Schema ORDER =
      new Schema.Parser().parse(SchemaLanguage.AVRO.schemaText(false));
  public static final Schema ORDER_KEY =
      new Schema.Parser().parse(SchemaLanguage.AVRO.schemaText(true));
  private static final Schema LINE = ORDER.getField("lines").schema().getElementType();
  private static final Schema ADDRESS = ORDER.getField("shipping").schema();
  private static final Schema STATUS = ORDER.getField("status").schema();

  @Override
  public GenericRecord value(SampleOrder order) {
    List<GenericRecord> lines = order.lines().stream()
        .map(line -> {
          GenericData.Record record = new GenericData.Record(LINE);
          record.put("sku", line.sku());
          record.put("quantity", line.quantity());
          return (GenericRecord) record;
        })
        .toList();
    GenericData.Record shipping = new GenericData.Record(ADDRESS);
    shipping.put("city", order.shipping().city());
    shipping.put("country", order.shipping().country());
    GenericData.Record record = new GenericData.Record(ORDER);
    record.put("order_id", order.orderId());
    record.put("customer", order.customer());
    record.put("placed_at", order.placedAt().toEpochMilli());
    record.put("status", new GenericData.EnumSymbol(STATUS, order.status().name()));
    record.put("total", order.total());
    record.put("lines", new GenericData.Array<>(ORDER.getField("lines").schema(), lines));
    record.put("shipping", shipping);
    record.put("note", order.note());
    return record;
  }

  @Override
  public GenericRecord key(SampleOrder order) {
    GenericData.Record key = new GenericData.Record(ORDER_KEY);
    key.put("order_id", order.orderId());
    return key;
  }
}
