// The package ships plain CommonJS without types; only what the site calls is declared.
declare module "open-location-code" {
  export class OpenLocationCode {
    encode(latitude: number, longitude: number, codeLength?: number): string;
    shorten(code: string, latitude: number, longitude: number): string;
    recoverNearest(shortCode: string, latitude: number, longitude: number): string;
    isValid(code: string): boolean;
    isFull(code: string): boolean;
  }
}
