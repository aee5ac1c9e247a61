package io.mink.schema.protobuf;

import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.OneOf;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the messages that contain themselves at some depth, reachable from one message: the
 * strongly connected components of the message graph (Tarjan's algorithm) with a cycle in them.
 * Well-known types are leaves: they map by name, not by their fields.
 */
final class RecursiveMessages {
  private final Schema schema;
  private final Map<ProtoType, Integer> index = new HashMap<>();
  private final Map<ProtoType, Integer> lowLink = new HashMap<>();
  private final List<ProtoType> stack = new ArrayList<>();
  private final Set<ProtoType> onStack = new HashSet<>();
  private final Set<ProtoType> recursive = new HashSet<>();

  private RecursiveMessages(Schema schema) {
    this.schema = schema;
  }

  static Set<ProtoType> reachableFrom(MessageType root, Schema schema) {
    RecursiveMessages search = new RecursiveMessages(schema);
    search.visit(root.getType());
    return Set.copyOf(search.recursive);
  }

  private void visit(ProtoType type) {
    int order = index.size();
    index.put(type, order);
    lowLink.put(type, order);
    stack.add(type);
    onStack.add(type);
    for (ProtoType next : successors(type)) {
      if (!index.containsKey(next)) {
        visit(next);
        lowLink.put(type, Math.min(lowLink.get(type), lowLink.get(next)));
      } else if (onStack.contains(next)) {
        lowLink.put(type, Math.min(lowLink.get(type), index.get(next)));
      }
    }
    if (lowLink.get(type).equals(index.get(type))) {
      List<ProtoType> component = new ArrayList<>();
      ProtoType member;
      do {
        member = stack.remove(stack.size() - 1);
        onStack.remove(member);
        component.add(member);
      } while (!member.equals(type));
      if (component.size() > 1 || successors(type).contains(type)) {
        recursive.addAll(component);
      }
    }
  }

  private Set<ProtoType> successors(ProtoType type) {
    MessageType message = (MessageType) schema.getType(type);
    Set<ProtoType> result = new HashSet<>();
    List<Field> fields = new ArrayList<>(message.getDeclaredFields());
    for (OneOf oneOf : message.getOneOfs()) {
      fields.addAll(oneOf.getFields());
    }
    for (Field field : fields) {
      MapEntryType mapEntry = MapEntryType.of(field, schema);
      ProtoType fieldType = mapEntry != null ? mapEntry.value() : field.getType();
      if (isExpandedMessage(fieldType)) {
        result.add(fieldType);
      }
    }
    return result;
  }

  private boolean isExpandedMessage(ProtoType type) {
    return !type.isScalar()
        && schema.getType(type) instanceof MessageType
        && !WellKnownTypes.isTimestamp(type)
        && WellKnownTypes.wrapped(type) == null
        && !WellKnownTypes.isMappedToJson(type);
  }
}
