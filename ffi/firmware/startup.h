#ifndef MICROURL_FW_STARTUP_H
#define MICROURL_FW_STARTUP_H
#include <stddef.h>
void sh_write0(const char *z);
void sh_exit(int code);
size_t stack_high_water(void);
#endif
