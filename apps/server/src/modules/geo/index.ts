export { type CountryLookup, countryName, lookupCountry } from './countryDatabase.ts';
export { clientIp, type GeoService, geoBlockedAccess, type ViewerGeo, withoutAccess, default as geoPlugin } from './plugin.ts';
