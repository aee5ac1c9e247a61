package io.mink.schema.protobuf;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The comments a {@code FileDescriptorProto} kept from its .proto source, by the path of the
 * element they belong to, as {@link ProtoSourcePrinter} writes them back.
 */
final class ProtoComments {
  private final Map<List<Integer>, SourceCodeInfo.Location> byPath = new HashMap<>();

  ProtoComments(FileDescriptorProto file) {
    for (SourceCodeInfo.Location location : file.getSourceCodeInfo().getLocationList()) {
      if (location.hasLeadingComments() || location.hasTrailingComments()) {
        byPath.putIfAbsent(location.getPathList(), location);
      }
    }
  }

  /** The comment lines before the element, each indented and ended; empty when there are none. */
  String leading(List<Integer> path, String indent) {
    StringBuilder text = new StringBuilder();
    SourceCodeInfo.Location location = byPath.get(path);
    if (location != null && location.hasLeadingComments()) {
      for (String line : lines(location.getLeadingComments())) {
        text.append(indent).append("//").append(line).append('\n');
      }
    }
    return text.toString();
  }

  /** The comment after the element on its line, with a leading space; empty when there is none. */
  String trailing(List<Integer> path) {
    SourceCodeInfo.Location location = byPath.get(path);
    if (location != null && location.hasTrailingComments()) {
      return " //" + String.join(" ", lines(location.getTrailingComments()));
    }
    return "";
  }

  private static List<String> lines(String comment) {
    List<String> lines = new ArrayList<>(List.of(comment.replace("\r", "").split("\n", -1)));
    if (lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    return lines;
  }
}
