# embedded-tests/programs.sh — sourced by run.sh (step 6b, Cortex-M) and riscv.sh (step 6b,
# RISC-V): the firmware tasks of size-probe/microurl-programs and size-probe/nourl-programs,
# what each must print (written here from RFC 9112, MQTT and RFC 7252 section 6.4; nourl's
# redirect keeps its `..`), and the run that checks it, so that both cores are held to the
# same output.

PROGRAMS=(bootloader mqtt coap)
declare -A PROGRAM_OUT=(
  [microurl/bootloader]=$'GET /fw/v2/image.bin?dev=42 HTTP/1.1\nHost: ota.example.com'
  [nourl/bootloader]=$'GET /fw/v1/../v2/image.bin?dev=42 HTTP/1.1\nHost: ota.example.com'
  [microurl/mqtt]=$'server broker\nport 8883\ntls yes\nusername user\npassword pw'
  [microurl/coap]=$'3 sensor.local\n7 f0b0\n11 sensors\n11 temp c\n15 unit=c\n15 avg=1'
  [baseline/baseline]='https://ota.example.com/fw/v1/image.bin?dev=42'
)
PROGRAM_OUT[microurl+idna/bootloader]=${PROGRAM_OUT[microurl/bootloader]}
for p in mqtt coap; do
  PROGRAM_OUT[microurl+idna/$p]=${PROGRAM_OUT[microurl/$p]}
  PROGRAM_OUT[nourl/$p]=${PROGRAM_OUT[microurl/$p]}
done

# check_program VARIANT PROGRAM ELF: runs the image under QEMU (qemu-run.sh, from the
# embedded-tests directory); sets PROGRAM_STACK to the `stack N` it prints last (its painted
# high-water since reset, buffers included) and PROGRAM_PRINTED to all it printed. Fails
# (status 1) on a nonzero exit, no `stack` line, or any other output than the task's.
check_program() {
  local variant=$1 prog=$2 elf=$3 out rc body
  out="$(./qemu-run.sh "$elf" 2>&1 >/dev/null)"
  rc=$?
  out="$(printf '%s\n' "$out" | grep -v '^qemu-run:' | tr -d '\r')"
  PROGRAM_PRINTED="exit $rc, printed '$out'"
  PROGRAM_STACK="$(sed -n 's/^stack \([0-9]*\)$/\1/p' <<<"$out")"
  body="$(grep -v '^stack [0-9]*$' <<<"$out")"
  [ $rc -eq 0 ] && [ -n "$PROGRAM_STACK" ] && [ "$body" = "${PROGRAM_OUT[$variant/$prog]}" ]
}
