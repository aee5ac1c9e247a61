package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.TimeOfDay;
import io.mink.schema.decode.UndecodableException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Dates, times of day and timestamps of Kafka Connect's logical types and Debezium's {@code io.debezium.time}
 * semantic types. A value Iceberg cannot hold in microseconds (a time outside a day, a timestamp beyond the
 * microsecond range) is undecodable.
 */
final class ConnectTemporals {
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;
  private static final DateTimeFormatter TIME_TEXT = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

  private ConnectTemporals() {}

  /** Days since 1970-01-01. */
  record DateValue(String where) implements ConnectValue {
    @Override
    public Type type() {
      return Types.DateType.get();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      long days = ConnectScalars.integral(this, node);
      if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
        throw wrong(node, "a day number within int32");
      }
      return LocalDate.ofEpochDay(days);
    }
  }

  /** A time of day counted in units of {@code nanosPerUnit} since midnight, stored as the table's option says. */
  record TimeOfDayValue(String where, long nanosPerUnit, TimeOfDay timeOfDay)
      implements ConnectValue {
    @Override
    public Type type() {
      return switch (timeOfDay) {
        case TIME -> Types.TimeType.get();
        case LONG -> Types.LongType.get();
        case STRING -> Types.StringType.get();
      };
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      long units = ConnectScalars.integral(this, node);
      if (units < 0 || units >= NANOS_PER_DAY / nanosPerUnit) {
        throw new UndecodableException(
            where + " is " + units + " units of " + nanosPerUnit + " ns, outside a day");
      }
      LocalTime time = LocalTime.ofNanoOfDay(units * nanosPerUnit);
      return switch (timeOfDay) {
        case TIME -> time;
        case LONG -> time.toNanoOfDay() / 1000;
        case STRING -> TIME_TEXT.format(time);
      };
    }
  }

  /**
   * A count of units since the epoch: a timestamptz when {@code zoned} (Connect's Timestamp is an instant),
   * a timestamp otherwise (Debezium's Timestamp, MicroTimestamp and NanoTimestamp carry the database's
   * local time).
   */
  record EpochValue(String where, long nanosPerUnit, boolean zoned) implements ConnectValue {
    @Override
    public Type type() {
      return zoned ? Types.TimestampType.withZone() : Types.TimestampType.withoutZone();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      long units = ConnectScalars.integral(this, node);
      long micros;
      if (nanosPerUnit >= 1000) {
        long factor = nanosPerUnit / 1000;
        if (units > Long.MAX_VALUE / factor || units < Long.MIN_VALUE / factor) {
          throw wrong(node, "a timestamp within Iceberg's microsecond range");
        }
        micros = units * factor;
      } else {
        micros = Math.floorDiv(units, 1000 / nanosPerUnit);
      }
      OffsetDateTime utc = utcOfMicros(micros);
      return zoned ? utc : utc.toLocalDateTime();
    }
  }

  /** Debezium's ZonedTimestamp: ISO-8601 text with an offset, as a timestamptz in UTC. */
  record ZonedTimestampValue(String where) implements ConnectValue {
    @Override
    public Type type() {
      return Types.TimestampType.withZone();
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      if (!node.isTextual()) {
        throw wrong(node, "an ISO-8601 timestamp with an offset");
      }
      try {
        Instant instant = OffsetDateTime.parse(node.textValue()).toInstant();
        return utcOfMicros(ChronoUnit.MICROS.between(Instant.EPOCH, instant));
      } catch (DateTimeException | ArithmeticException e) {
        throw wrong(node, "an ISO-8601 timestamp with an offset within Iceberg's range");
      }
    }
  }

  static OffsetDateTime utcOfMicros(long micros) {
    return LocalDateTime.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L),
            (int) Math.floorMod(micros, 1_000_000L) * 1000,
            ZoneOffset.UTC)
        .atOffset(ZoneOffset.UTC);
  }
}
