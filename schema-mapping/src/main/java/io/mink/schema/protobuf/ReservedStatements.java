package io.mink.schema.protobuf;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code reserved} statements of a message or enum as .proto text: one for the reserved
 * numbers and one for the reserved names, each indented and ended, and absent when there are none.
 */
final class ReservedStatements {
  /** A message's reserved range ending here (exclusive) runs to the highest field number. */
  private static final int FIELD_NUMBER_END = 1 << 29;

  private ReservedStatements() {}

  /** A message's reserved ranges have an exclusive end. */
  static String of(DescriptorProto message, String indent) {
    return numbers(
            message.getReservedRangeList().stream()
                .map(range -> range(range.getStart(), range.getEnd() - 1, FIELD_NUMBER_END - 1))
                .toList(),
            indent)
        + names(message.getReservedNameList(), indent);
  }

  /** An enum's reserved ranges have an inclusive end. */
  static String of(EnumDescriptorProto enumeration, String indent) {
    return numbers(
            enumeration.getReservedRangeList().stream()
                .map(range -> range(range.getStart(), range.getEnd(), Integer.MAX_VALUE))
                .toList(),
            indent)
        + names(enumeration.getReservedNameList(), indent);
  }

  private static String numbers(List<String> ranges, String indent) {
    return ranges.isEmpty() ? "" : indent + "reserved " + String.join(", ", ranges) + ";\n";
  }

  private static String names(List<String> names, String indent) {
    if (names.isEmpty()) {
      return "";
    }
    return indent
        + "reserved "
        + names.stream().map(ProtoSourcePrinter::quoted).collect(Collectors.joining(", "))
        + ";\n";
  }

  /** A range with an inclusive end, as .proto text writes it: {@code 4}, {@code 4 to 9}, {@code 4 to max}. */
  private static String range(int start, int end, int max) {
    if (end == start) {
      return Integer.toString(start);
    }
    return start + " to " + (end >= max ? "max" : Integer.toString(end));
  }
}
