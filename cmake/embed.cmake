# Writes OUT: a C file defining NAME and NAME_len from the bytes of IN.
# Run at build time (cmake -P) so edits to the embedded files rebuild.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR len "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
file(WRITE "${OUT}.tmp" "/* generated from ${IN} */\nconst char ${NAME}[] = {${body}0};\nconst unsigned long ${NAME}_len = ${len};\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
file(REMOVE "${OUT}.tmp")
