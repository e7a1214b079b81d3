#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
static sigjmp_buf jb;
volatile long sink;
__attribute__((noinline)) int getbyte(int i) { sink += i; return (int)(sink & 0xff); }
__attribute__((noinline)) int getmessage(int i) { int s = 0; for (int k = 0; k < 4; k++) s += getbyte(i + k); return s; }
__attribute__((noinline)) int secure_read(int i) { sink ^= i; return i & 1; }
__attribute__((noinline)) void work(int i) { for (int k = 0; k < 100; k++) sink += k * i; }
__attribute__((noreturn, noinline)) void MainLoop(int n) {
#ifndef NOJMP
  if (JMPCALL != 0) exit(2);
#endif
  for (int i = 0;; i++) {
    secure_read(i);
    getmessage(i);
    work(i);
    if (i == n) exit(0);
  }
}
int main(int argc, char **argv) { MainLoop(argc > 1 ? atoi(argv[1]) : 1000); }
