// Typed calls of the public site (spec 000 §7): newsletter, contact, IP and country lookups.
import { api } from './client';

export interface MessageResponse {
  message: string;
}

/** 201 for a new address; 200 with a message when already subscribed. */
export function subscribeNewsletter(email: string) {
  return api.post<MessageResponse>('/news_letter/', { email });
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export function sendContactMessage(input: ContactInput) {
  return api.post<MessageResponse>('/contact-us/', input);
}

export async function findIpAddress(): Promise<string> {
  const { data } = await api.get<{ ip: string }>('/find_ip_add/');
  return data.ip;
}

export interface CountryAnswer {
  country: string | null;
  country_name?: string | null;
}

export async function countryForIp(ip: string): Promise<CountryAnswer> {
  const { data } = await api.post<CountryAnswer>('/get_country_name/', { ip_address: ip });
  return data;
}

export interface CountryOption {
  code: string;
  name: string;
}

/** The spec's `/get_contry_code` map of code -> name, as a list sorted by name. */
export async function countryList(): Promise<CountryOption[]> {
  const { data } = await api.get<Record<string, string>>('/get_contry_code');
  return Object.entries(data)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface SiteMediaStatus {
  ready: boolean;
  version: number;
  made: number;
  total: number;
}

export async function siteMediaStatus(): Promise<SiteMediaStatus> {
  const { data } = await api.get<SiteMediaStatus>('/site_media_status');
  return data;
}
