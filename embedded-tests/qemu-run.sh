#!/usr/bin/env bash
# Cargo runner: qemu-run.sh <ELF> [args...]. Exit status = the firmware's semihosting exit code
# (0 pass, 1 vector failure, 101 panic, 102 HardFault (on RISC-V: any exception), 103 unexpected
# IRQ), or 124 on timeout.
# MICROURL_QEMU_ICOUNT=1: one virtual nanosecond per instruction (`-icount shift=0`), so that
# the board's timers count instructions (the speed image, speed/).
set -euo pipefail
elf="$1"; shift || true
board="${MICROURL_BOARD:-}"
# RISC-V (riscv.sh: riscv32imc), told by the ELF header (wherever the image was copied):
# QEMU virt with no firmware (-bios none), whose hart starts at 0x8000_0000, where the
# image is linked (memory/riscv-virt.x), in M-mode.
qemu_bin=(qemu-system-arm)
if readelf -h "$elf" 2>/dev/null | grep -q '^ *Machine: *RISC-V'; then
  qemu_bin=(qemu-system-riscv32 -bios none)
  board="${board:-virt}"
fi
if [ -z "$board" ]; then
  case "$elf" in
    *thumbv6m-none-eabi/*)     board=microbit ;;     # Cortex-M0 (nRF51822)
    *thumbv7em-none-eabihf/*)  board=mps2-an386 ;;   # Cortex-M4F
    *)                         board=lm3s6965evb ;;  # Cortex-M3
  esac
fi
echo "qemu-run: $board $(basename "$elf")" >&2
qemu=(timeout --foreground "${MICROURL_QEMU_TIMEOUT:-120}" "${qemu_bin[@]}" -machine "$board"
      -nographic -monitor none -serial none
      -semihosting-config enable=on,target=native -kernel "$elf")
[ "${MICROURL_QEMU_ICOUNT:-0}" = 1 ] && qemu+=(-icount shift=0)
if readelf -S "$elf" 2>/dev/null | grep -q '\.defmt'; then
  # defmt frames arrive as raw bytes on QEMU's stdout; decode them on the host.
  # pipefail: QEMU's status (the firmware's exit code) wins over defmt-print's 0.
  "${qemu[@]}" | defmt-print -e "$elf" --log-format '{s}' stdin
else
  exec "${qemu[@]}"
fi
