package io.mink.schema.protobuf;

import com.squareup.wire.schema.EnumConstant;
import com.squareup.wire.schema.EnumType;
import io.mink.schema.decode.UndecodableException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads an enum as the name of its value; a number the enum does not define reads as its digits. */
final class EnumReader implements ValueReader {
  private static final int MAX_DENSE_NUMBER = 1024;

  private final String[] namesByNumber;
  private final Map<Integer, String> sparseNames;
  private final String defaultName;
  private final byte[][] utf8ByNumber;
  private final Map<Integer, byte[]> sparseUtf8;

  private EnumReader(String[] namesByNumber, Map<Integer, String> sparseNames, String defaultName) {
    this.namesByNumber = namesByNumber;
    this.sparseNames = sparseNames;
    this.defaultName = defaultName;
    this.utf8ByNumber = new byte[namesByNumber.length][];
    for (int number = 0; number < namesByNumber.length; number++) {
      utf8ByNumber[number] = namesByNumber[number] == null ? null : utf8(namesByNumber[number]);
    }
    Map<Integer, byte[]> sparse = new HashMap<>();
    sparseNames.forEach((number, name) -> sparse.put(number, utf8(name)));
    this.sparseUtf8 = Map.copyOf(sparse);
  }

  static EnumReader of(EnumType enumType) {
    List<EnumConstant> constants = enumType.getConstants();
    Map<Integer, String> names = new HashMap<>();
    int maxNumber = -1;
    boolean dense = true;
    for (EnumConstant constant : constants) {
      names.putIfAbsent(constant.getTag(), constant.getName());
      maxNumber = Math.max(maxNumber, constant.getTag());
      dense &= constant.getTag() >= 0 && constant.getTag() < MAX_DENSE_NUMBER;
    }
    String defaultName = constants.isEmpty() ? "0" : constants.get(0).getName();
    if (!dense) {
      return new EnumReader(new String[0], Map.copyOf(names), defaultName);
    }
    String[] byNumber = new String[maxNumber + 1];
    names.forEach((number, name) -> byNumber[number] = name);
    return new EnumReader(byNumber, Map.of(), defaultName);
  }

  @Override
  public int wireType() {
    return ProtoInput.VARINT;
  }

  @Override
  public Object read(ProtoInput in, String field, int depth) throws UndecodableException {
    int number = (int) in.readVarint(field);
    String name = nameOf(number);
    return name != null ? name : Integer.toString(number);
  }

  /** The name of the enum's value with this number, or null when the enum has none. */
  String nameOf(int number) {
    if (number >= 0 && number < namesByNumber.length) {
      return namesByNumber[number];
    }
    return sparseNames.get(number);
  }

  /** The UTF-8 bytes of the name {@link #read} gives the number: the value's name, or the number's digits. */
  byte[] utf8NameOf(int number) {
    byte[] name =
        number >= 0 && number < utf8ByNumber.length ? utf8ByNumber[number] : sparseUtf8.get(number);
    return name != null ? name : utf8(Integer.toString(number));
  }

  /** The UTF-8 bytes of {@link #defaultValue}. */
  byte[] utf8DefaultName() {
    return utf8(defaultName);
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** The enum's first value: proto3 requires it to be 0, and proto2 readers default to it. */
  @Override
  public Object defaultValue() {
    return defaultName;
  }
}
