package io.mink.schema.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.decode.MappingOptions;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Random bytes, truncated and altered change events: unwrapping never throws, and only a full event upserts. */
class ChangeEventFuzzTest {
  private static final byte[] EVENT = DebeziumEvents.json(
      DebeziumEvents.V1,
      DebeziumEvents.V1.create(
          DebeziumEvents.row(DebeziumEvents.ROW_V1, 1, "anne@example.com"),
          DebeziumEvents.source(),
          DebeziumEvents.processed()));

  private final DebeziumUnwrapper unwrapper = new DebeziumUnwrapper(MappingOptions.DEFAULT);

  @Property(tries = 300)
  void randomBytesNeverThrow(@ForAll @Size(max = 300) byte[] value) throws Exception {
    assertThat(DebeziumEvents.unwrap(unwrapper, value)).isNotNull();
  }

  @Property(tries = 300)
  void aTruncatedEventIsKeptRaw(@ForAll @IntRange(min = 0, max = 10_000) int cut) throws Exception {
    byte[] truncated = Arrays.copyOf(EVENT, cut % EVENT.length);

    assertThat(DebeziumEvents.unwrap(unwrapper, truncated))
        .isInstanceOf(ChangeEvent.NotAnEnvelope.class);
  }

  @Property(tries = 300)
  void anAlteredByteNeverThrows(
      @ForAll @IntRange(min = 0, max = 10_000) int at, @ForAll byte replacement) throws Exception {
    byte[] altered = EVENT.clone();
    altered[at % altered.length] = replacement;

    assertThat(DebeziumEvents.unwrap(unwrapper, altered)).isNotNull();
  }
}
